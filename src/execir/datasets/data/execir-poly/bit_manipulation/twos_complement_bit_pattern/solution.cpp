#include <iostream>
#include <string>

std::string twosPattern(long long value, int width) {
    long long low = -(1LL << (width - 1));
    long long high = (1LL << (width - 1)) - 1;
    if (value < low || value > high) return "overflow";
    if (value < 0) value += 1LL << width;
    std::string bits(width, '0');
    for (int i = width - 1; i >= 0; i--) {
        bits[i] = (value & 1) ? '1' : '0';
        value >>= 1;
    }
    return bits;
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        long long value;
        int width;
        std::cin >> value >> width;
        std::cout << twosPattern(value, width) << "\n";
    }
    return 0;
}
