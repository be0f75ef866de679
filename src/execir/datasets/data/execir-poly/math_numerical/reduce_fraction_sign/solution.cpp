#include <cstdlib>
#include <iostream>
#include <utility>

std::pair<long long, long long> reduceFraction(long long num, long long den) {
    long long a = std::llabs(num), b = std::llabs(den);
    while (b != 0) {
        long long r = a % b;
        a = b;
        b = r;
    }
    num /= a;
    den /= a;
    if (den < 0) {
        num = -num;
        den = -den;
    }
    return {num, den};
}

int main() {
    long long num, den;
    while (std::cin >> num >> den) {
        if (den == 0) {
            std::cout << "invalid\n";
            continue;
        }
        std::pair<long long, long long> r = reduceFraction(num, den);
        std::cout << r.first << "/" << r.second << "\n";
    }
    return 0;
}
