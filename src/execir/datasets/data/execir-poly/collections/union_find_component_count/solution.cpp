#include <iostream>
#include <vector>

int findRoot(std::vector<int>& parent, int x) {
    while (parent[x] != x) x = parent[x];
    return x;
}

int countComponents(int n, const std::vector<std::pair<int, int>>& edges) {
    std::vector<int> parent(n);
    for (int i = 0; i < n; i++) parent[i] = i;
    int components = n;
    for (const auto& e : edges) {
        if (e.first < 0 || e.second < 0 || e.first >= n || e.second >= n) continue;
        int ru = findRoot(parent, e.first), rv = findRoot(parent, e.second);
        if (ru != rv) {
            parent[ru] = rv;
            components--;
        }
    }
    return components;
}

int main() {
    int n, m;
    std::cin >> n >> m;
    std::vector<std::pair<int, int>> edges(m);
    for (auto& e : edges) std::cin >> e.first >> e.second;
    std::cout << countComponents(n, edges) << "\n";
    return 0;
}
