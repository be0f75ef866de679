#include <iostream>
#include <utility>

std::pair<long long, long long> rotateQuarters(long long x, long long y, long long k) {
    k = ((k % 4) + 4) % 4;
    if (k == 1) return {-y, x};
    if (k == 2) return {-x, -y};
    if (k == 3) return {y, -x};
    return {x, y};
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        long long x, y, k;
        std::cin >> x >> y >> k;
        auto r = rotateQuarters(x, y, k);
        std::cout << r.first << " " << r.second << "\n";
    }
    return 0;
}
