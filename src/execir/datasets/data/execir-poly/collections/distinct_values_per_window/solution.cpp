#include <iostream>
#include <map>
#include <vector>

std::vector<int> distinctPerWindow(const std::vector<int>& items, int k) {
    std::map<int, int> counts;
    std::vector<int> result;
    for (int i = 0; i < (int)items.size(); i++) {
        counts[items[i]]++;
        if (i >= k) {
            int old = items[i - k];
            if (--counts[old] == 0) counts.erase(old);
        }
        if (i >= k - 1) result.push_back(counts.size());
    }
    return result;
}

int main() {
    int n, k;
    std::cin >> n >> k;
    std::vector<int> items(n);
    for (int i = 0; i < n; i++) std::cin >> items[i];
    if (k < 1 || k > n) {
        std::cout << "none\n";
        return 0;
    }
    std::vector<int> result = distinctPerWindow(items, k);
    for (size_t i = 0; i < result.size(); i++) std::cout << (i ? " " : "") << result[i];
    std::cout << "\n";
    return 0;
}
