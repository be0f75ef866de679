#include <iostream>
#include <string>

bool hexColourValid(const std::string& s) {
    const std::string hex = "0123456789abcdefABCDEF";
    if (s.size() != 4 && s.size() != 7) return false;
    if (s[0] != '#') return false;
    for (size_t i = 1; i < s.size(); i++) {
        if (hex.find(s[i]) == std::string::npos) return false;
    }
    return true;
}

int main() {
    for (std::string line; std::getline(std::cin, line);) {
        if (!line.empty()) std::cout << (hexColourValid(line) ? "valid" : "invalid") << "\n";
    }
    return 0;
}
