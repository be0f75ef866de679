#include <iostream>
#include <vector>

long long closestSquared(const std::vector<std::pair<long long, long long>>& pts) {
    long long best = -1;
    for (size_t i = 0; i < pts.size(); i++) {
        for (size_t j = i + 1; j < pts.size(); j++) {
            long long dx = pts[i].first - pts[j].first, dy = pts[i].second - pts[j].second;
            long long d = dx * dx + dy * dy;
            if (best < 0 || d < best) best = d;
        }
    }
    return best;
}

int main() {
    int n = 0;
    std::cin >> n;
    std::vector<std::pair<long long, long long>> pts(n);
    for (auto& p : pts) std::cin >> p.first >> p.second;
    std::cout << closestSquared(pts) << "\n";
    return 0;
}
