#include <algorithm>
#include <iostream>
#include <vector>

typedef std::pair<long long, long long> Pt;

long long cross(const Pt& o, const Pt& a, const Pt& b) {
    return (a.first - o.first) * (b.second - o.second) - (a.second - o.second) * (b.first - o.first);
}

std::vector<Pt> convexHull(std::vector<Pt> pts) {
    std::sort(pts.begin(), pts.end());
    pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
    if (pts.size() <= 2) return pts;
    std::vector<Pt> hull;
    for (int pass = 0; pass < 2; pass++) {
        size_t start = hull.size();
        for (const Pt& p : pts) {
            while (hull.size() >= start + 2 && cross(hull[hull.size() - 2], hull.back(), p) <= 0) hull.pop_back();
            hull.push_back(p);
        }
        hull.pop_back();
        std::reverse(pts.begin(), pts.end());
    }
    return hull;
}

int main() {
    int n = 0;
    std::cin >> n;
    std::vector<Pt> pts(n);
    for (auto& p : pts) std::cin >> p.first >> p.second;
    std::vector<Pt> hull = convexHull(pts);
    std::cout << hull.size() << "\n";
    for (const Pt& p : hull) std::cout << p.first << " " << p.second << "\n";
    return 0;
}
