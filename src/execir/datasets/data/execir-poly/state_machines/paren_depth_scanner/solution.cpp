#include <iostream>
#include <string>

int maxDepth(const std::string& text) {
    int depth = 0, deepest = 0;
    for (char ch : text) {
        if (ch == '(') {
            depth++;
            if (depth > deepest) deepest = depth;
        } else if (ch == ')') {
            depth--;
            if (depth < 0) return -1;
        }
    }
    return depth == 0 ? deepest : -1;
}

int main() {
    for (std::string line; std::getline(std::cin, line);) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        std::cout << maxDepth(line) << "\n";
    }
    return 0;
}
