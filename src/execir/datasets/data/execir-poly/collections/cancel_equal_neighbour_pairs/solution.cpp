#include <iostream>
#include <sstream>
#include <string>
#include <vector>

int cancelPairs(const std::vector<std::string>& items, std::vector<std::string>& stack) {
    int cancelled = 0;
    for (const std::string& item : items) {
        if (!stack.empty() && stack.back() == item) {
            stack.pop_back();
            cancelled++;
        } else {
            stack.push_back(item);
        }
    }
    return cancelled;
}

int main() {
    std::string line, item;
    std::getline(std::cin, line);
    std::istringstream in(line);
    std::vector<std::string> items, stack;
    while (in >> item) items.push_back(item);
    int cancelled = cancelPairs(items, stack);
    for (size_t i = 0; i < stack.size(); i++) std::cout << (i ? " " : "") << stack[i];
    std::cout << "\n" << cancelled << "\n";
    return 0;
}
