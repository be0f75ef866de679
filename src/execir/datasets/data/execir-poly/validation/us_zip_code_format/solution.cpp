#include <iostream>
#include <string>

bool allDigits(const std::string& s) {
    if (s.empty()) return false;
    for (char ch : s) {
        if (ch < '0' || ch > '9') return false;
    }
    return true;
}

bool zipValid(const std::string& code) {
    if (code.size() == 5) return allDigits(code);
    if (code.size() == 10) {
        return code[5] == '-' && allDigits(code.substr(0, 5)) && allDigits(code.substr(6));
    }
    return false;
}

int main() {
    for (std::string line; std::getline(std::cin, line);) {
        if (!line.empty()) std::cout << (zipValid(line) ? "valid" : "invalid") << "\n";
    }
    return 0;
}
