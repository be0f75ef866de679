#include <iostream>

long long reverseLowBits(long long n, int width) {
    if (width < 1) return -1;
    long long result = 0;
    for (int i = 0; i < width; i++) {
        result = (result << 1) | (n & 1);
        n >>= 1;
    }
    return result;
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        long long n;
        int width;
        std::cin >> n >> width;
        long long result = reverseLowBits(n, width);
        if (result < 0) std::cout << "invalid\n";
        else std::cout << result << "\n";
    }
    return 0;
}
