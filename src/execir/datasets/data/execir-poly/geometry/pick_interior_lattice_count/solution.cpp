#include <cstdlib>
#include <iostream>
#include <vector>

long long gcd(long long a, long long b) {
    while (b != 0) {
        long long r = a % b;
        a = b;
        b = r;
    }
    return a;
}

long long interiorPoints(const std::vector<std::pair<long long, long long>>& pts) {
    long long twiceArea = 0, boundary = 0;
    size_t n = pts.size();
    for (size_t i = 0; i < n; i++) {
        const auto& a = pts[i];
        const auto& b = pts[(i + 1) % n];
        twiceArea += a.first * b.second - b.first * a.second;
        boundary += gcd(std::llabs(b.first - a.first), std::llabs(b.second - a.second));
    }
    return (std::llabs(twiceArea) - boundary + 2) / 2;
}

int main() {
    int n;
    std::cin >> n;
    std::vector<std::pair<long long, long long>> pts(n);
    for (auto& p : pts) std::cin >> p.first >> p.second;
    std::cout << interiorPoints(pts) << "\n";
    return 0;
}
