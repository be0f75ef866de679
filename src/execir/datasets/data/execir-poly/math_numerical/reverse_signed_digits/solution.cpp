#include <iostream>

long long reverseDigits(long long n) {
    long long sign = n < 0 ? -1 : 1;
    n *= sign;
    long long result = 0;
    while (n > 0) {
        result = result * 10 + n % 10;
        n /= 10;
    }
    return sign * result;
}

int main() {
    long long n;
    while (std::cin >> n) {
        std::cout << reverseDigits(n) << "\n";
    }
    return 0;
}
