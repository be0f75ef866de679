#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

std::string toRanges(std::vector<long long> values) {
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    std::string out;
    size_t i = 0;
    while (i < values.size()) {
        size_t j = i;
        while (j + 1 < values.size() && values[j + 1] == values[j] + 1) j++;
        if (!out.empty()) out += ",";
        out += std::to_string(values[i]);
        if (j > i) out += "-" + std::to_string(values[j]);
        i = j + 1;
    }
    return out;
}

int main() {
    int n = 0;
    std::cin >> n;
    std::vector<long long> values(n);
    for (auto& v : values) std::cin >> v;
    std::cout << toRanges(values) << "\n";
    return 0;
}
