#include <algorithm>
#include <iostream>
#include <map>
#include <vector>

std::vector<int> frequencyOrder(const std::vector<int>& values) {
    std::map<int, int> counts;
    for (int v : values) counts[v]++;
    std::vector<int> distinct;
    for (const auto& entry : counts) distinct.push_back(entry.first);
    std::sort(distinct.begin(), distinct.end(), [&](int a, int b) {
        if (counts[a] != counts[b]) return counts[a] > counts[b];
        return a < b;
    });
    std::vector<int> result;
    for (int v : distinct) result.insert(result.end(), counts[v], v);
    return result;
}

int main() {
    int n;
    std::cin >> n;
    std::vector<int> values(n);
    for (int& v : values) std::cin >> v;
    std::vector<int> result = frequencyOrder(values);
    for (size_t i = 0; i < result.size(); i++) std::cout << (i ? " " : "") << result[i];
    std::cout << "\n";
    return 0;
}
