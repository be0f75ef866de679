#include <cmath>
#include <iostream>

long long isqrtExact(long long v) {
    long long h = (long long)std::sqrt((double)v);
    while (h * h > v) h--;
    while ((h + 1) * (h + 1) <= v) h++;
    return h;
}

long long discPoints(long long r) {
    if (r < 0) return -1;
    long long total = 0;
    for (long long x = -r; x <= r; x++) total += 2 * isqrtExact(r * r - x * x) + 1;
    return total;
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        long long r;
        std::cin >> r;
        long long count = discPoints(r);
        if (count < 0) std::cout << "invalid\n";
        else std::cout << count << "\n";
    }
    return 0;
}
