#include <iostream>
#include <vector>

std::vector<std::vector<long long>> groupByGap(const std::vector<long long>& values, long long maxGap) {
    std::vector<std::vector<long long>> groups;
    for (size_t i = 0; i < values.size(); i++) {
        if (i == 0 || values[i] - values[i - 1] > maxGap) groups.push_back({values[i]});
        else groups.back().push_back(values[i]);
    }
    return groups;
}

int main() {
    int n;
    long long maxGap;
    std::cin >> n >> maxGap;
    std::vector<long long> values(n);
    for (auto& v : values) std::cin >> v;
    if (maxGap < 0) {
        std::cout << "invalid\n";
        return 0;
    }
    auto groups = groupByGap(values, maxGap);
    if (groups.empty()) std::cout << "none\n";
    for (const auto& g : groups) {
        for (size_t i = 0; i < g.size(); i++) std::cout << (i ? " " : "") << g[i];
        std::cout << "\n";
    }
    return 0;
}
