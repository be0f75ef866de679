#include <iostream>

bool isPrime(long long n) {
    if (n < 2) return false;
    if (n % 2 == 0) return n == 2;
    for (long long d = 3; d * d <= n; d += 2) {
        if (n % d == 0) return false;
    }
    return true;
}

int main() {
    long long n;
    while (std::cin >> n) {
        std::cout << (isPrime(n) ? "yes" : "no") << "\n";
    }
    return 0;
}
