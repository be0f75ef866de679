#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <vector>

int gcd(int a, int b) {
    while (b != 0) {
        int r = a % b;
        a = b;
        b = r;
    }
    return a;
}

int maxCollinear(const std::vector<std::pair<int, int>>& pts) {
    if (pts.size() < 2) return pts.size();
    int best = 1;
    for (size_t i = 0; i < pts.size(); i++) {
        std::map<std::pair<int, int>, int> counts;
        for (size_t j = i + 1; j < pts.size(); j++) {
            int dx = pts[j].first - pts[i].first, dy = pts[j].second - pts[i].second;
            int g = gcd(std::abs(dx), std::abs(dy));
            dx /= g;
            dy /= g;
            if (dx < 0 || (dx == 0 && dy < 0)) {
                dx = -dx;
                dy = -dy;
            }
            best = std::max(best, ++counts[{dx, dy}] + 1);
        }
    }
    return best;
}

int main() {
    int n = 0;
    std::cin >> n;
    std::vector<std::pair<int, int>> pts(n);
    for (auto& p : pts) std::cin >> p.first >> p.second;
    std::cout << maxCollinear(pts) << "\n";
    return 0;
}
