#include <iostream>
#include <unordered_set>
#include <vector>

int longestConsecutive(const std::vector<long long>& values) {
    std::unordered_set<long long> present(values.begin(), values.end());
    int best = 0;
    for (long long v : present) {
        if (present.count(v - 1)) continue;
        int length = 1;
        while (present.count(v + length)) length++;
        if (length > best) best = length;
    }
    return best;
}

int main() {
    int n = 0;
    std::cin >> n;
    std::vector<long long> values(n);
    for (int i = 0; i < n; i++) std::cin >> values[i];
    std::cout << longestConsecutive(values) << "\n";
    return 0;
}
