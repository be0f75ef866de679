#include <iostream>
#include <string>

bool isbn10Valid(const std::string& isbn) {
    std::string s;
    for (char ch : isbn) {
        if (ch != '-') s += ch;
    }
    if (s.size() != 10) return false;
    int total = 0;
    for (int i = 0; i < 10; i++) {
        int value;
        if (s[i] >= '0' && s[i] <= '9') value = s[i] - '0';
        else if (s[i] == 'X' && i == 9) value = 10;
        else return false;
        total += (10 - i) * value;
    }
    return total % 11 == 0;
}

int main() {
    for (std::string line; std::getline(std::cin, line);) {
        if (!line.empty()) std::cout << (isbn10Valid(line) ? "valid" : "invalid") << "\n";
    }
    return 0;
}
