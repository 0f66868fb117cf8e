// Allocates and touches memory until the kernel stops it.
#include <cstring>
#include <vector>
int main() {
    std::vector<char*> blocks;
    for (;;) {
        char* b = new char[1 << 20];
        std::memset(b, 1, 1 << 20);
        blocks.push_back(b);
    }
}
