#include <iostream>
#include <string>
#include <vector>

bool semverValid(const std::string& version) {
    std::vector<std::string> parts(1);
    for (char ch : version) {
        if (ch == '.') parts.emplace_back();
        else parts.back() += ch;
    }
    if (parts.size() != 3) return false;
    for (const std::string& part : parts) {
        if (part.empty()) return false;
        for (char ch : part) {
            if (ch < '0' || ch > '9') return false;
        }
        if (part[0] == '0' && part.size() > 1) return false;
    }
    return true;
}

int main() {
    for (std::string line; std::getline(std::cin, line);) {
        if (!line.empty()) std::cout << (semverValid(line) ? "valid" : "invalid") << "\n";
    }
    return 0;
}
