#include <iostream>
#include <string>

bool portValid(const std::string& s) {
    if (s.empty() || s.size() > 5) return false;
    for (char ch : s) {
        if (ch < '0' || ch > '9') return false;
    }
    if (s[0] == '0') return false;
    return std::stoi(s) <= 65535;
}

int main() {
    for (std::string line; std::getline(std::cin, line);) {
        if (!line.empty()) std::cout << (portValid(line) ? "valid" : "invalid") << "\n";
    }
    return 0;
}
