#include <iostream>
#include <vector>

std::vector<int> binIndices(const std::vector<long long>& values, const std::vector<long long>& edges) {
    std::vector<int> result;
    for (long long v : values) {
        int index = -1;
        for (size_t i = 0; i < edges.size(); i++) {
            if (v >= edges[i]) index = i;
        }
        result.push_back(index);
    }
    return result;
}

int main() {
    int n, m;
    std::cin >> n >> m;
    std::vector<long long> values(n), edges(m);
    for (auto& v : values) std::cin >> v;
    for (auto& e : edges) std::cin >> e;
    if (m < 2) {
        std::cout << "invalid\n";
        return 0;
    }
    std::vector<int> result = binIndices(values, edges);
    for (size_t i = 0; i < result.size(); i++) std::cout << (i ? " " : "") << result[i];
    std::cout << "\n";
    return 0;
}
