#include <functional>
#include <iostream>
#include <queue>
#include <vector>

std::vector<int> smallestFirstOrder(int n, const std::vector<std::pair<int, int>>& edges) {
    std::vector<int> indegree(n, 0);
    std::vector<std::vector<int>> children(n);
    for (const auto& e : edges) {
        children[e.first].push_back(e.second);
        indegree[e.second]++;
    }
    std::priority_queue<int, std::vector<int>, std::greater<int>> ready;
    for (int i = 0; i < n; i++) if (indegree[i] == 0) ready.push(i);
    std::vector<int> order;
    while (!ready.empty()) {
        int node = ready.top();
        ready.pop();
        order.push_back(node);
        for (int child : children[node]) {
            if (--indegree[child] == 0) ready.push(child);
        }
    }
    return order;
}

int main() {
    int n, m;
    std::cin >> n >> m;
    std::vector<std::pair<int, int>> edges(m);
    for (auto& e : edges) std::cin >> e.first >> e.second;
    std::vector<int> order = smallestFirstOrder(n, edges);
    if ((int)order.size() < n) {
        std::cout << "cycle\n";
        return 0;
    }
    for (int i = 0; i < n; i++) std::cout << (i ? " " : "") << order[i];
    std::cout << "\n";
    return 0;
}
