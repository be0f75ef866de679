#include <iostream>

long long digitalRoot(long long n) {
    while (n >= 10) {
        long long total = 0;
        while (n > 0) {
            total += n % 10;
            n /= 10;
        }
        n = total;
    }
    return n;
}

int main() {
    long long n;
    while (std::cin >> n) {
        if (n < 0) std::cout << "invalid\n";
        else std::cout << digitalRoot(n) << "\n";
    }
    return 0;
}
