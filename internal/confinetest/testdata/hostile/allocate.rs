// Allocates and touches memory until the kernel stops it.
fn main() {
    let mut blocks: Vec<Vec<u8>> = Vec::new();
    loop {
        blocks.push(vec![1u8; 1 << 20]);
    }
}
