#include <iostream>

unsigned long long rotateLeft(unsigned long long n, int k, int width) {
    if (width <= 0) return 0;
    unsigned long long mask = (1ULL << width) - 1;
    n &= mask;
    k %= width;
    return ((n << k) | (n >> (width - k))) & mask;
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        unsigned long long n;
        int k, width;
        std::cin >> n >> k >> width;
        std::cout << rotateLeft(n, k, width) << "\n";
    }
    return 0;
}
