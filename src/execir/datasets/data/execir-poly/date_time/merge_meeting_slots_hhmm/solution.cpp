#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

int toMinutes(const std::string& t) { return std::stoi(t.substr(0, 2)) * 60 + std::stoi(t.substr(3, 2)); }

std::vector<std::pair<int, int>> mergeSlots(std::vector<std::pair<int, int>> slots) {
    std::sort(slots.begin(), slots.end());
    std::vector<std::pair<int, int>> merged;
    for (const auto& s : slots) {
        if (!merged.empty() && s.first <= merged.back().second) {
            merged.back().second = std::max(merged.back().second, s.second);
        } else {
            merged.push_back(s);
        }
    }
    return merged;
}

int main() {
    int n = 0;
    std::cin >> n;
    std::vector<std::pair<int, int>> slots(n);
    for (auto& s : slots) {
        std::string a, b;
        std::cin >> a >> b;
        s = {toMinutes(a), toMinutes(b)};
    }
    auto merged = mergeSlots(slots);
    if (merged.empty()) std::printf("none\n");
    for (const auto& s : merged)
        std::printf("%02d:%02d-%02d:%02d\n", s.first / 60, s.first % 60, s.second / 60, s.second % 60);
    return 0;
}
