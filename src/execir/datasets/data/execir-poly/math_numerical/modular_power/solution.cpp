#include <iostream>

long long modPow(long long base, long long exponent, long long modulus) {
    long long result = 1 % modulus;
    base %= modulus;
    if (base < 0) base += modulus;
    while (exponent > 0) {
        if (exponent & 1) result = result * base % modulus;
        base = base * base % modulus;
        exponent >>= 1;
    }
    return result;
}

int main() {
    long long base, exponent, modulus;
    while (std::cin >> base >> exponent >> modulus) {
        std::cout << modPow(base, exponent, modulus) << "\n";
    }
    return 0;
}
