#include <iostream>
#include <string>

int cancelPairs(const std::string& s, std::string& stack) {
    int removed = 0;
    for (char ch : s) {
        if (!stack.empty() && stack.back() == ch) {
            stack.pop_back();
            removed++;
        } else {
            stack.push_back(ch);
        }
    }
    return removed;
}

int main() {
    std::string line, rest;
    std::getline(std::cin, line);
    int removed = cancelPairs(line, rest);
    std::cout << rest << "\n" << removed << "\n";
    return 0;
}
