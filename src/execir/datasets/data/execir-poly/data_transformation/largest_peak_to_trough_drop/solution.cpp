#include <iostream>
#include <vector>

long long maxDrawdown(const std::vector<long long>& values) {
    long long best = 0, peak = 0;
    for (size_t i = 0; i < values.size(); i++) {
        if (i == 0 || values[i] > peak) peak = values[i];
        if (peak - values[i] > best) best = peak - values[i];
    }
    return best;
}

int main() {
    int n = 0;
    std::cin >> n;
    std::vector<long long> values(n);
    for (auto& v : values) std::cin >> v;
    std::cout << maxDrawdown(values) << "\n";
    return 0;
}
