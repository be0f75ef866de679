#include <algorithm>
#include <iostream>

struct P { long long x, y; };

int orient(P a, P b, P c) {
    long long cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    return (cross > 0) - (cross < 0);
}

bool onBox(P a, P b, P c) {
    return std::min(a.x, b.x) <= c.x && c.x <= std::max(a.x, b.x) &&
           std::min(a.y, b.y) <= c.y && c.y <= std::max(a.y, b.y);
}

bool intersect(P p1, P p2, P p3, P p4) {
    int d1 = orient(p3, p4, p1), d2 = orient(p3, p4, p2);
    int d3 = orient(p1, p2, p3), d4 = orient(p1, p2, p4);
    if (d1 * d2 < 0 && d3 * d4 < 0) return true;
    return (d1 == 0 && onBox(p3, p4, p1)) || (d2 == 0 && onBox(p3, p4, p2)) ||
           (d3 == 0 && onBox(p1, p2, p3)) || (d4 == 0 && onBox(p1, p2, p4));
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        P p[4];
        for (auto& pt : p) std::cin >> pt.x >> pt.y;
        std::cout << (intersect(p[0], p[1], p[2], p[3]) ? "yes" : "no") << "\n";
    }
    return 0;
}
