/* Exits at once. */
int main(void) { return 0; }
