#include <algorithm>
#include <iostream>
#include <string>

std::string toBase(long long n, long long base) {
    const std::string digits = "0123456789abcdefghijklmnopqrstuvwxyz";
    if (base < 2 || base > 36) return "invalid";
    if (n == 0) return "0";
    bool negative = n < 0;
    if (negative) n = -n;
    std::string out;
    while (n > 0) {
        out += digits[n % base];
        n /= base;
    }
    if (negative) out += '-';
    std::reverse(out.begin(), out.end());
    return out;
}

int main() {
    long long n, base;
    while (std::cin >> n >> base) {
        std::cout << toBase(n, base) << "\n";
    }
    return 0;
}
