#include <iostream>
#include <unordered_map>
#include <vector>

long long countTargetSubarrays(const std::vector<long long>& values, long long target) {
    std::unordered_map<long long, long long> seen;
    seen[0] = 1;
    long long running = 0, total = 0;
    for (long long value : values) {
        running += value;
        auto it = seen.find(running - target);
        if (it != seen.end()) total += it->second;
        seen[running]++;
    }
    return total;
}

int main() {
    int n;
    long long target;
    std::cin >> n >> target;
    std::vector<long long> values(n);
    for (int i = 0; i < n; i++) std::cin >> values[i];
    std::cout << countTargetSubarrays(values, target) << "\n";
    return 0;
}
