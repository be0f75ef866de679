#include <iostream>
#include <string>

std::string classify(long long x1, long long y1, long long r1, long long x2, long long y2, long long r2) {
    long long d2 = (x1 - x2) * (x1 - x2) + (y1 - y2) * (y1 - y2);
    long long outer = (r1 + r2) * (r1 + r2), inner = (r1 - r2) * (r1 - r2);
    if (d2 == 0 && r1 == r2) return "identical";
    if (d2 > outer) return "separate";
    if (d2 == outer) return "external";
    if (d2 > inner) return "intersecting";
    if (d2 == inner) return "internal";
    return "contained";
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        long long v[6];
        for (auto& x : v) std::cin >> x;
        std::cout << classify(v[0], v[1], v[2], v[3], v[4], v[5]) << "\n";
    }
    return 0;
}
