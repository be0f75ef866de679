#include <iostream>
#include <map>
#include <string>
#include <utility>

std::pair<std::string, int> runWorkflow(std::istream& in) {
    const std::map<std::pair<std::string, std::string>, std::string> moves = {
        {{"pay", "created"}, "paid"},         {{"ship", "paid"}, "shipped"},
        {{"deliver", "shipped"}, "delivered"}, {{"cancel", "created"}, "cancelled"},
        {{"cancel", "paid"}, "cancelled"}};
    std::string status = "created", action;
    int rejected = 0;
    while (in >> action) {
        auto it = moves.find({action, status});
        if (it == moves.end()) rejected++;
        else status = it->second;
    }
    return {status, rejected};
}

int main() {
    std::pair<std::string, int> result = runWorkflow(std::cin);
    std::cout << result.first << " " << result.second << "\n";
    return 0;
}
