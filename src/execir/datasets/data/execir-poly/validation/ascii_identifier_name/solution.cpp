#include <iostream>
#include <string>

bool isLetter(char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_';
}

bool identifierValid(const std::string& name) {
    if (name.empty() || !isLetter(name[0])) return false;
    for (size_t i = 1; i < name.size(); i++) {
        if (!isLetter(name[i]) && !(name[i] >= '0' && name[i] <= '9')) return false;
    }
    return true;
}

int main() {
    for (std::string line; std::getline(std::cin, line);) {
        if (!line.empty()) std::cout << (identifierValid(line) ? "valid" : "invalid") << "\n";
    }
    return 0;
}
