#include <iostream>
#include <map>
#include <string>
#include <vector>

std::vector<int> encodeLabels(const std::vector<std::string>& labels, int minCount, std::vector<std::string>& kept) {
    std::map<std::string, int> counts, mapping;
    for (const auto& label : labels) counts[label]++;
    std::vector<int> codes;
    for (const auto& label : labels) {
        if (counts[label] < minCount) {
            codes.push_back(-1);
            continue;
        }
        if (!mapping.count(label)) {
            mapping[label] = kept.size();
            kept.push_back(label);
        }
        codes.push_back(mapping[label]);
    }
    return codes;
}

int main() {
    int n, minCount;
    std::cin >> n >> minCount;
    std::vector<std::string> labels(n), kept;
    for (auto& label : labels) std::cin >> label;
    std::vector<int> codes = encodeLabels(labels, minCount, kept);
    for (size_t i = 0; i < codes.size(); i++) std::cout << (i ? " " : "") << codes[i];
    std::cout << "\n";
    for (size_t i = 0; i < kept.size(); i++) std::cout << (i ? " " : "") << kept[i];
    std::cout << "\n";
    return 0;
}
