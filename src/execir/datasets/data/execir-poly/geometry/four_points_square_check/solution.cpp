#include <algorithm>
#include <iostream>
#include <vector>

bool isSquare(const long long (&p)[4][2]) {
    std::vector<long long> dists;
    for (int i = 0; i < 4; i++) {
        for (int j = i + 1; j < 4; j++) {
            long long dx = p[i][0] - p[j][0], dy = p[i][1] - p[j][1];
            dists.push_back(dx * dx + dy * dy);
        }
    }
    std::sort(dists.begin(), dists.end());
    long long side = dists[0];
    return side > 0 && dists[3] == side && dists[4] == dists[5] && dists[4] == 2 * side;
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        long long p[4][2];
        for (auto& pt : p) std::cin >> pt[0] >> pt[1];
        std::cout << (isSquare(p) ? "yes" : "no") << "\n";
    }
    return 0;
}
