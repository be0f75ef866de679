#include <iostream>
#include <vector>

long long twiceArea(const std::vector<std::pair<long long, long long>>& points) {
    long long total = 0;
    size_t n = points.size();
    for (size_t i = 0; i < n; i++) {
        const auto& a = points[i];
        const auto& b = points[(i + 1) % n];
        total += a.first * b.second - b.first * a.second;
    }
    return total < 0 ? -total : total;
}

int main() {
    int n = 0;
    std::cin >> n;
    std::vector<std::pair<long long, long long>> points(n);
    for (auto& p : points) std::cin >> p.first >> p.second;
    long long doubled = n >= 3 ? twiceArea(points) : 0;
    std::cout << doubled / 2 << (doubled % 2 ? ".5" : ".0") << "\n";
    return 0;
}
