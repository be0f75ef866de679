#include <iostream>
#include <string>
#include <vector>

std::vector<std::string> forwardFill(const std::vector<std::string>& values, int limit) {
    std::string last = "_";
    int gap = 0;
    std::vector<std::string> result;
    for (const std::string& v : values) {
        if (v == "_") {
            gap++;
            result.push_back(gap <= limit ? last : "_");
        } else {
            result.push_back(v);
            last = v;
            gap = 0;
        }
    }
    return result;
}

int main() {
    int n, limit;
    std::cin >> n >> limit;
    std::vector<std::string> values(n);
    for (auto& v : values) std::cin >> v;
    if (limit < 0) {
        std::cout << "invalid\n";
        return 0;
    }
    std::vector<std::string> result = forwardFill(values, limit);
    for (size_t i = 0; i < result.size(); i++) std::cout << (i ? " " : "") << result[i];
    std::cout << "\n";
    return 0;
}
