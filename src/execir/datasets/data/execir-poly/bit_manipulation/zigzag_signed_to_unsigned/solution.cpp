#include <iostream>

long long zigzag(long long value) {
    if (value >= 0) return value << 1;
    return ((-value) << 1) - 1;
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        long long v;
        std::cin >> v;
        std::cout << zigzag(v) << "\n";
    }
    return 0;
}
