#include <iostream>

long long collatzSteps(long long n) {
    if (n < 1) return -1;
    long long steps = 0;
    while (n != 1) {
        if (n % 2 == 0) {
            n /= 2;
        } else {
            n = 3 * n + 1;
        }
        steps++;
    }
    return steps;
}

int main() {
    long long n;
    while (std::cin >> n) {
        long long steps = collatzSteps(n);
        if (steps < 0) std::cout << "invalid\n";
        else std::cout << steps << "\n";
    }
    return 0;
}
