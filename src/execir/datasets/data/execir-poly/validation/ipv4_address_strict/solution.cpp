#include <iostream>
#include <sstream>
#include <string>
#include <vector>

bool ipv4Valid(const std::string& s) {
    std::vector<std::string> parts;
    size_t start = 0;
    for (size_t dot; (dot = s.find('.', start)) != std::string::npos; start = dot + 1) {
        parts.push_back(s.substr(start, dot - start));
    }
    parts.push_back(s.substr(start));
    if (parts.size() != 4) return false;
    for (const std::string& p : parts) {
        if (p.empty() || p.size() > 3) return false;
        for (char ch : p) {
            if (ch < '0' || ch > '9') return false;
        }
        if (p.size() > 1 && p[0] == '0') return false;
        if (std::stoi(p) > 255) return false;
    }
    return true;
}

int main() {
    for (std::string line; std::getline(std::cin, line);) {
        if (!line.empty()) std::cout << (ipv4Valid(line) ? "valid" : "invalid") << "\n";
    }
    return 0;
}
