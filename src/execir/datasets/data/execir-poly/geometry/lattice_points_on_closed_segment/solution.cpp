#include <cstdlib>
#include <iostream>

long long gcd(long long a, long long b) {
    while (b != 0) {
        long long r = a % b;
        a = b;
        b = r;
    }
    return a;
}

long long latticeCount(long long x1, long long y1, long long x2, long long y2) {
    return gcd(std::llabs(x2 - x1), std::llabs(y2 - y1)) + 1;
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        long long x1, y1, x2, y2;
        std::cin >> x1 >> y1 >> x2 >> y2;
        std::cout << latticeCount(x1, y1, x2, y2) << "\n";
    }
    return 0;
}
