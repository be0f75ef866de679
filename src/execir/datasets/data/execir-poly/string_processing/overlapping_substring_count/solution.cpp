#include <iostream>
#include <string>

int countOverlapping(const std::string& text, const std::string& sub) {
    if (sub.empty() || sub.size() > text.size()) return 0;
    int count = 0;
    for (size_t i = 0; i + sub.size() <= text.size(); i++) {
        bool matched = true;
        for (size_t j = 0; j < sub.size(); j++) {
            if (text[i + j] != sub[j]) {
                matched = false;
                break;
            }
        }
        if (matched) count++;
    }
    return count;
}

int main() {
    std::string pattern, text;
    std::getline(std::cin, pattern);
    std::getline(std::cin, text);
    std::cout << countOverlapping(text, pattern) << "\n";
    return 0;
}
