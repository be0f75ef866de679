#include <iostream>
#include <string>

bool macValid(const std::string& s) {
    const std::string hex = "0123456789abcdefABCDEF";
    if (s.size() != 17) return false;
    char sep = s[2];
    if (sep != ':' && sep != '-') return false;
    for (size_t i = 0; i < s.size(); i++) {
        if (i % 3 == 2) {
            if (s[i] != sep) return false;
        } else if (hex.find(s[i]) == std::string::npos) {
            return false;
        }
    }
    return true;
}

int main() {
    for (std::string line; std::getline(std::cin, line);) {
        if (!line.empty()) std::cout << (macValid(line) ? "valid" : "invalid") << "\n";
    }
    return 0;
}
