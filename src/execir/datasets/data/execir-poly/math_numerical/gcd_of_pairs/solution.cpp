#include <cstdlib>
#include <iostream>

long long gcd(long long a, long long b) {
    a = std::llabs(a);
    b = std::llabs(b);
    while (b > 0) {
        long long r = a % b;
        a = b;
        b = r;
    }
    return a;
}

int main() {
    long long a, b;
    while (std::cin >> a >> b) {
        std::cout << gcd(a, b) << "\n";
    }
    return 0;
}
