#include <algorithm>
#include <iostream>

long long unionArea(long long x1, long long y1, long long x2, long long y2,
                    long long x3, long long y3, long long x4, long long y4) {
    long long ax1 = std::min(x1, x2), ax2 = std::max(x1, x2), ay1 = std::min(y1, y2), ay2 = std::max(y1, y2);
    long long bx1 = std::min(x3, x4), bx2 = std::max(x3, x4), by1 = std::min(y3, y4), by2 = std::max(y3, y4);
    long long width = std::max(0LL, std::min(ax2, bx2) - std::max(ax1, bx1));
    long long height = std::max(0LL, std::min(ay2, by2) - std::max(ay1, by1));
    return (ax2 - ax1) * (ay2 - ay1) + (bx2 - bx1) * (by2 - by1) - width * height;
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        long long v[8];
        for (auto& x : v) std::cin >> x;
        std::cout << unionArea(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]) << "\n";
    }
    return 0;
}
