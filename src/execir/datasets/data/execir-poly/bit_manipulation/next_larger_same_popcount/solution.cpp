#include <iostream>

long long nextSamePopcount(long long n) {
    if (n <= 0) return 0;
    long long lowest = n & -n;
    long long ripple = n + lowest;
    long long ones = ((ripple ^ n) >> 2) / lowest;
    return ripple | ones;
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        long long n;
        std::cin >> n;
        std::cout << nextSamePopcount(n) << "\n";
    }
    return 0;
}
