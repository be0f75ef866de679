#include <algorithm>
#include <iostream>
#include <vector>

std::vector<long long> centredSums(const std::vector<long long>& values, int radius) {
    int n = values.size();
    std::vector<long long> prefix(n + 1, 0), sums;
    for (int i = 0; i < n; i++) prefix[i + 1] = prefix[i] + values[i];
    for (int i = 0; i < n; i++) {
        int lo = std::max(0, i - radius), hi = std::min(n - 1, i + radius);
        sums.push_back(prefix[hi + 1] - prefix[lo]);
    }
    return sums;
}

int main() {
    int n, radius;
    std::cin >> n >> radius;
    std::vector<long long> values(n);
    for (auto& v : values) std::cin >> v;
    if (radius < 0) {
        std::cout << "invalid\n";
        return 0;
    }
    std::vector<long long> sums = centredSums(values, radius);
    for (size_t i = 0; i < sums.size(); i++) std::cout << (i ? " " : "") << sums[i];
    std::cout << "\n";
    return 0;
}
