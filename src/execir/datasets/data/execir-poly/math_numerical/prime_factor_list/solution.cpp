#include <iostream>
#include <vector>

std::vector<long long> primeFactors(long long n) {
    std::vector<long long> factors;
    if (n < 2) return factors;
    for (long long d = 2; d * d <= n; d++) {
        while (n % d == 0) {
            factors.push_back(d);
            n /= d;
        }
    }
    if (n > 1) factors.push_back(n);
    return factors;
}

int main() {
    long long n;
    while (std::cin >> n) {
        std::vector<long long> factors = primeFactors(n);
        if (factors.empty()) std::cout << "none";
        for (size_t i = 0; i < factors.size(); i++) {
            if (i > 0) std::cout << " ";
            std::cout << factors[i];
        }
        std::cout << "\n";
    }
    return 0;
}
